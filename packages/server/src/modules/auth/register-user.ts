import type { FastifyRequest } from 'fastify'
import { users } from '../../db/schema/index'
import { validationFailed } from '../../errors'
import { captchaRequired, consumeCaptchaTicket } from '../captcha/consume-captcha-ticket'
import { findTakenFields, uniqueViolationField } from './find-taken-fields'
import { hashPassword } from './hash-password'
import { assertPasswordPolicy } from './password-policy'
import { consumeCode, invalidCode } from './verification-codes'

export interface RegisterUserInput {
  uname: string
  password: string
  mobile_phone: string
  code: string
  captcha?: string
}

/**
 * Creates an effective user from a registration: the account name and number must be free, the SMS
 * code sent to that number must match (it is used up), the password must meet the password policy
 * (checked first, so a refused password keeps the code), and a captcha ticket, when given, must be
 * valid. Answers the new user's id.
 */
export async function registerUser(request: FastifyRequest, input: RegisterUserInput): Promise<number> {
  const { db, appKey } = request.server
  const taken = await findTakenFields(db, { uname: input.uname, mobile_phone: input.mobile_phone })
  if (Object.keys(taken).length > 0) throw validationFailed(taken)
  await assertPasswordPolicy(db, request.server.settings, request.language, {
    password: input.password,
    account: { uname: input.uname, mobile_phone: input.mobile_phone },
  })
  if (input.captcha && !(await consumeCaptchaTicket(db, input.captcha))) throw captchaRequired()
  const codeMatches = await consumeCode(db, appKey, {
    purpose: 'register',
    recipient: input.mobile_phone,
    code: input.code,
  })
  if (!codeMatches) throw invalidCode()
  const password = await hashPassword(input.password)
  try {
    const [user] = await db
      .insert(users)
      .values({
        uname: input.uname,
        name: input.uname,
        nickname: input.uname,
        password,
        mobile_phone: input.mobile_phone,
        status: 1,
      })
      .returning({ id: users.id })
    return user.id
  } catch (error) {
    const field = uniqueViolationField(error)
    if (field) throw validationFailed({ [field]: ['validations.messages.unique'] })
    throw error
  }
}
