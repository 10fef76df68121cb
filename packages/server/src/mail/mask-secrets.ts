/** Replaces each secret (a verification code) in a text by asterisks of the same length. */
export function maskSecrets(text: string, secrets: readonly string[] = []): string {
  return secrets
    .filter(Boolean)
    .reduce((out, secret) => out.replaceAll(secret, '*'.repeat(secret.length)), text)
}
