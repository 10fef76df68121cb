import { describe, expect, it } from 'vitest'
import { moved } from './ImageChooser'
import { refusalOf } from './resumable-upload'
import { refusalText } from './upload-image'

describe('upload widgets', () => {
  it('moves a picture to another place, keeping the others in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd'])
    expect(moved(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c'])
  })

  it("reads the server's reason from a refused resumable upload", () => {
    const body = JSON.stringify({ message: 'invalid', errors: { file: ['Only pictures'] } })
    expect(refusalOf(body)).toBe('Only pictures')
    expect(refusalOf(JSON.stringify({ message: 'Too large' }))).toBe('Too large')
    expect(refusalOf('Not found\n')).toBeNull()
    expect(refusalOf(undefined)).toBeNull()
  })

  it("starts a refusal with SPEC §8's message", () => {
    const t = (key: string) => (key === 'messages.upload_error' ? 'Error uploading file!' : key)
    expect(refusalText(t, 'Only pictures')).toBe('Error uploading file! Only pictures')
    expect(refusalText(t, null)).toBe('Error uploading file!')
  })
})
