import type { FastifyInstance } from 'fastify'
import { users } from '../../db/schema/index'
import { hashPassword } from './hash-password'

let counter = 0

/** For tests: an effective user with a known password; unique name, e-mail and number unless given. */
export async function insertTestUser(
  app: FastifyInstance,
  values: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  counter += 1
  const suffix = `${process.pid % 1000}${counter}`.padStart(6, '0').slice(-6)
  const password = values.password ?? 'secret-pass-1'
  const [row] = await app.db
    .insert(users)
    .values({
      uname: `user_${suffix}`,
      email: `user${suffix}@example.com`,
      mobile_phone: `13${suffix.padStart(9, '0')}`,
      name: 'Test User',
      status: 1,
      ...values,
      password: await hashPassword(password),
    })
    .returning()
  return { ...row, plainPassword: password }
}
