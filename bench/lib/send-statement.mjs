// How a bench's reference sends one captured statement ({text, params}) as the server's driver sent
// it: begin, commit and rollback as simple queries, every other text as a named statement, prepared
// once per connection under a name of its own (`<prefix>_<n>`, one per text). The replay process and
// the bare server's writes both send statements this way.

/** A sender of captured statements whose names start with `prefix`. */
export function statementSender(prefix) {
  const names = new Map()
  const nameOf = (text) => {
    if (!names.has(text)) names.set(text, `${prefix}_${names.size}`)
    return names.get(text)
  }
  /** Sends the statement on the pg client; answers its result. */
  return (client, { text, params }) =>
    params.length === 0 && /^(begin|commit|rollback)$/i.test(text.trim())
      ? client.query(text)
      : client.query({ name: nameOf(text), text, values: params })
}
