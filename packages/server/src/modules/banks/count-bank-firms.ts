import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { bankFirm, firms } from '../../db/schema/index'
import type { Row } from '../../resource/types'

/** Adds `firms_count`, the live insurance companies supporting each bank: one grouped query per page. */
export async function countBankFirms(db: Db | Tx, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => row.id as number)
  const counts = await db
    .select({ bank_id: bankFirm.bank_id, total: count() })
    .from(bankFirm)
    .innerJoin(firms, and(eq(firms.id, bankFirm.firm_id), isNull(firms.deleted_at)))
    .where(inArray(bankFirm.bank_id, ids))
    .groupBy(bankFirm.bank_id)
  const byBank = new Map(counts.map((c) => [c.bank_id, c.total]))
  return rows.map((row) => ({ ...row, firms_count: byBank.get(row.id as number) ?? 0 }))
}
