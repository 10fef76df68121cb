import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { areas } from '../../db/schema/index'

/** The place fields of an account: each id with the name stored beside it, from the largest region down. */
export const REGION_FIELDS = [
  ['province_id', 'province_name'],
  ['city_id', 'city_name'],
  ['zone_id', 'zone_name'],
] as const

/**
 * The names of a chosen province, city and zone (0: none), checked as one path down the region tree:
 * a province at the top, the city inside it, the zone inside the city. Answers the names by name field,
 * or the id fields that do not fit.
 */
export async function regionNames(
  db: Db | Tx,
  ids: { province_id: number; city_id: number; zone_id: number },
): Promise<{ names: Record<string, string>; wrong: string[] }> {
  const chosen = REGION_FIELDS.map(([idField]) => ids[idField]).filter((id) => id > 0)
  const rows = chosen.length
    ? await db
        .select({ id: areas.id, name: areas.name, parent_id: areas.parent_id })
        .from(areas)
        .where(and(inArray(areas.id, chosen), isNull(areas.deleted_at)))
    : []
  const byId = new Map(rows.map((row) => [row.id, row]))
  const names: Record<string, string> = {}
  const wrong: string[] = []
  let parent = 0
  let broken = false
  for (const [idField, nameField] of REGION_FIELDS) {
    const id = ids[idField]
    const row = byId.get(id)
    if (id === 0) {
      names[nameField] = ''
      broken = true
      continue
    }
    if (!row || broken || row.parent_id !== parent) wrong.push(idField)
    names[nameField] = row?.name ?? ''
    parent = id
  }
  return { names, wrong }
}

/** The regions directly inside a region (0: the provinces), in the order of their codes; zones are leaves. */
export async function childRegions(db: Db, parentId: number) {
  const rows = await db
    .select({
      id: areas.id,
      name: areas.name,
      level: areas.level,
      right: areas.right_margin,
      left: areas.left_margin,
    })
    .from(areas)
    .where(and(eq(areas.parent_id, parentId), isNull(areas.deleted_at)))
    .orderBy(areas.id)
  return rows.map((row) => ({
    value: row.id,
    label: row.name,
    leaf: row.level >= 3 || row.right - row.left <= 1,
  }))
}
