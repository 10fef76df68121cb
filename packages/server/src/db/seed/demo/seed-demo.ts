import { and, inArray, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../client'
import {
  bankFirm,
  banks,
  classifys,
  firms,
  pclassifys,
  products,
  productYear,
  years,
} from '../../schema/index'
import {
  DEMO_FIRMS,
  type DemoKind,
  LIFE_KINDS,
  PROPERTY_KINDS,
  SERIES_FIRST,
  SERIES_SECOND,
} from './demo-firms'

export const DEMO_PRODUCTS_PER_FIRM = 10

/** A small deterministic random generator (mulberry32), so the demo set is the same on every run. */
function randomGenerator(seed: number) {
  let state = seed
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]
  return { next, pick }
}

async function idsByName(tx: Tx, table: typeof classifys | typeof pclassifys | typeof banks | typeof years) {
  const rows = await tx.select({ id: table.id, name: table.name }).from(table).where(isNull(table.deleted_at))
  return new Map(rows.map((row) => [row.name, row.id]))
}

function need(map: Map<string, number>, name: string, what: string): number {
  const id = map.get(name)
  if (id === undefined) throw new Error(`The demo data needs the ${what} "${name}", which is missing.`)
  return id
}

export interface DemoResult {
  firms: number
  products: number
}

/**
 * Adds a realistic demo set: insurance companies (life and property) with their banks, and ten
 * products each with classifications, groups, payment periods and statuses. Companies already
 * present (by name) and products already present (by uid) are skipped, so it can run again.
 */
export async function seedDemo(db: Db): Promise<DemoResult> {
  return db.transaction(async (tx) => {
    const random = randomGenerator(20_240_501)
    const classifyIds = await idsByName(tx, classifys)
    const groupIds = await idsByName(tx, pclassifys)
    const bankIds = [...(await idsByName(tx, banks)).values()]
    const yearIds = [...(await idsByName(tx, years)).values()]
    const classifyParents = new Map(
      (await tx.select({ id: classifys.id, parent_id: classifys.parent_id }).from(classifys)).map((c) => [
        c.id,
        c.parent_id,
      ]),
    )

    const existingFirms = new Map(
      (await tx.select({ id: firms.id, name: firms.name }).from(firms).where(isNull(firms.deleted_at))).map(
        (f) => [f.name, f.id],
      ),
    )
    let firmsAdded = 0
    const firmIds: number[] = []
    for (const [index, [name, full_name, type]] of DEMO_FIRMS.entries()) {
      let id = existingFirms.get(name)
      if (id === undefined) {
        const [row] = await tx
          .insert(firms)
          .values({ name, full_name, type, order: index + 1, description: `${full_name}（演示数据）` })
          .returning({ id: firms.id })
        id = row.id
        firmsAdded++
        const supported = bankIds.filter(() => random.next() < 0.35)
        if (supported.length > 0) {
          await tx.insert(bankFirm).values(supported.map((bank_id) => ({ firm_id: row.id, bank_id })))
        }
      }
      firmIds.push(id)
    }

    const rows: (typeof products.$inferInsert)[] = []
    const periods: number[][] = []
    for (const [index, [name, , type]] of DEMO_FIRMS.entries()) {
      const kinds: DemoKind[] = type === 1 ? LIFE_KINDS : PROPERTY_KINDS
      const brand = name.slice(0, 2)
      for (let n = 1; n <= DEMO_PRODUCTS_PER_FIRM; n++) {
        const kind = kinds[(index + n * 3) % kinds.length]
        const classify2 = need(classifyIds, kind.classify2, 'classification')
        const issued = new Date(
          Date.UTC(
            2015 + Math.floor(random.next() * 10),
            Math.floor(random.next() * 12),
            1 + Math.floor(random.next() * 28),
          ),
        )
        const roll = random.next()
        const status = roll < 0.75 ? 1 : roll < 0.9 ? 0 : 2
        const payType = kind.longTerm ? random.pick([1, 2, 3, 2]) : 1
        const year = issued.getUTCFullYear()
        rows.push({
          uid: `DM${String(index + 1).padStart(2, '0')}${String(n).padStart(3, '0')}`,
          firm_id: firmIds[index],
          classify_id: classifyParents.get(classify2) ?? 0,
          classify2_id: classify2,
          pclassify_id: need(groupIds, kind.group, 'grouping'),
          name: `${brand}${random.pick(SERIES_FIRST)}${random.pick(SERIES_SECOND)}${kind.suffix}`,
          is_long_time: kind.longTerm ? 1 : 0,
          class: kind.newType ? 1 : 0,
          buy_type: !kind.longTerm && random.next() < 0.2 ? 2 : 1,
          pay_type: payType,
          attr: kind.attr ?? (random.next() < 0.08 ? 2 : 0),
          company_no: `${name}〔${year}〕${kind.longTerm ? '寿' : '短'}${String(100 + n)}号`,
          no: `C${String(1_000_000 + index * 1000 + n * 7).slice(1)}`,
          status,
          issue_at: issued,
          stop_at: status === 1 ? null : `${year + 1 + Math.floor(random.next() * 5)}-12-31`,
        })
        const chosen = new Set<number>()
        if (payType & 1 && yearIds[0] !== undefined) chosen.add(yearIds[0])
        if (payType & 2) for (const id of yearIds.slice(1)) if (random.next() < 0.4) chosen.add(id)
        periods.push([...chosen])
      }
    }

    const existingUids = new Set(
      (
        await tx
          .select({ uid: products.uid })
          .from(products)
          .where(
            and(
              inArray(
                products.uid,
                rows.map((row) => row.uid as string),
              ),
              isNull(products.deleted_at),
            ),
          )
      ).map((row) => row.uid),
    )
    const fresh = rows
      .map((row, i) => ({ row, years: periods[i] }))
      .filter(({ row }) => !existingUids.has(row.uid as string))
    if (fresh.length > 0) {
      const inserted = await tx
        .insert(products)
        .values(fresh.map(({ row }) => row))
        .returning({ id: products.id, uid: products.uid })
      const idOf = new Map(inserted.map((row) => [row.uid, row.id]))
      const links = fresh.flatMap(({ row, years: ids }) =>
        ids.map((year_id) => ({ product_id: idOf.get(row.uid as string) as number, year_id })),
      )
      if (links.length > 0) await tx.insert(productYear).values(links)
    }
    return { firms: firmsAdded, products: fresh.length }
  })
}
