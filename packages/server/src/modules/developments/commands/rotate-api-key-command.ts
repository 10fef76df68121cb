import { createHash } from 'node:crypto'
import { rotateKeyPair } from '../../api-encryption/key-pairs'
import type { Command } from './command-types'

/**
 * A new RSA key pair for encrypted API payloads; the old one still decrypts for ten minutes, so
 * pages opened before the rotation keep working until they reload the configuration.
 */
export const rotateApiKeyCommand: Command<'rotate-api-key'> = async (_params, { app, print }) => {
  const publicKey = await rotateKeyPair(app.db)
  const fingerprint = createHash('sha256').update(publicKey).digest('hex').slice(0, 16)
  print(`new public key ${fingerprint}…; the previous key decrypts for 10 more minutes`)
}
