import { describe, expect, it } from 'vitest'
import { positionOfDrop } from './drop-position'

const node = { id: 10, pos: '0-2-3', expanded: false }

describe('positionOfDrop', () => {
  it('onto an item puts the dragged one inside it', () => {
    expect(positionOfDrop({ dragId: 4, node, dropPosition: 3, dropToGap: false })).toEqual({
      id: 4,
      target_id: 10,
      position: 'inside',
    })
  })

  it('the gap above is before, the gap below is after', () => {
    expect(positionOfDrop({ dragId: 4, node, dropPosition: 2, dropToGap: true })?.position).toBe('before')
    expect(positionOfDrop({ dragId: 4, node, dropPosition: 4, dropToGap: true })?.position).toBe('after')
  })

  it('right below an open item with children is before its first child', () => {
    const open = { ...node, expanded: true, firstChildId: 11 }
    expect(positionOfDrop({ dragId: 4, node: open, dropPosition: 4, dropToGap: true })).toEqual({
      id: 4,
      target_id: 11,
      position: 'before',
    })
    expect(positionOfDrop({ dragId: 11, node: open, dropPosition: 4, dropToGap: true })).toBeNull()
  })

  it('an item dropped on itself does not move', () => {
    expect(positionOfDrop({ dragId: 10, node, dropPosition: 3, dropToGap: false })).toBeNull()
  })
})
