import type { ResourceBinding } from './types'

interface DatabaseError {
  code?: string
  constraint?: string
  message?: string
  cause?: DatabaseError
}

/** The field a unique-index violation is about, when the binding names the index; otherwise undefined. */
export function uniqueViolationField(error: unknown, binding: ResourceBinding): string | undefined {
  let current = error as DatabaseError | undefined
  while (current) {
    if (current.code === '23505') {
      const name = current.constraint ?? /unique constraint "([^"]+)"/.exec(current.message ?? '')?.[1] ?? ''
      return binding.uniqueIndexes?.[name] ?? (name.endsWith('_pkey') ? 'id' : undefined)
    }
    current = current.cause
  }
  return undefined
}
