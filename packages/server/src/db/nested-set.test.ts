import { describe, expect, it } from 'vitest'
import { computeNestedSet, findNestedSetProblems } from './nested-set'

const positionsOf = (nodes: { id: number; parent_id: number }[]) =>
  computeNestedSet(nodes).map(({ id, level, left_margin, right_margin }) => [
    id,
    level,
    left_margin,
    right_margin,
  ])

describe('computeNestedSet', () => {
  it('numbers a tree depth first, keeping the siblings in input order', () => {
    const tree = [
      { id: 1, parent_id: 0 },
      { id: 5, parent_id: 1 },
      { id: 3, parent_id: 1 },
      { id: 7, parent_id: 5 },
    ]
    expect(positionsOf(tree)).toEqual([
      [1, 1, 1, 8],
      [5, 2, 2, 5],
      [3, 2, 6, 7],
      [7, 3, 3, 4],
    ])
  })

  it('finds children listed before their parent', () => {
    const tree = [
      { id: 2, parent_id: 1 },
      { id: 1, parent_id: 0 },
    ]
    expect(positionsOf(tree)).toEqual([
      [2, 2, 2, 3],
      [1, 1, 1, 4],
    ])
  })

  it('numbers a forest one root after the other', () => {
    const forest = [
      { id: 10, parent_id: 0 },
      { id: 20, parent_id: 99 },
      { id: 21, parent_id: 20 },
    ]
    expect(positionsOf(forest)).toEqual([
      [10, 1, 1, 2],
      [20, 1, 3, 6],
      [21, 2, 4, 5],
    ])
  })

  it('keeps the other fields of each node', () => {
    const [node] = computeNestedSet([{ id: 1, parent_id: 0, name: 'Root' }])
    expect(node.name).toBe('Root')
  })

  it('refuses duplicate ids and parent cycles', () => {
    expect(() =>
      computeNestedSet([
        { id: 1, parent_id: 0 },
        { id: 1, parent_id: 0 },
      ]),
    ).toThrow(/Duplicate/)
    expect(() =>
      computeNestedSet([
        { id: 1, parent_id: 0 },
        { id: 2, parent_id: 3 },
        { id: 3, parent_id: 2 },
      ]),
    ).toThrow(/cycle: 2, 3/)
    expect(() => computeNestedSet([{ id: 4, parent_id: 4 }])).toThrow(/cycle/)
  })

  it('produces a set with no problems for a larger random tree', () => {
    const nodes = [{ id: 1, parent_id: 0 }]
    for (let id = 2; id <= 300; id++) nodes.push({ id, parent_id: 1 + ((id * 7919) % (id - 1)) })
    expect(findNestedSetProblems(computeNestedSet(nodes))).toEqual([])
  })
})

describe('findNestedSetProblems', () => {
  const valid = computeNestedSet([
    { id: 1, parent_id: 0 },
    { id: 2, parent_id: 1 },
    { id: 3, parent_id: 1 },
  ])

  it('accepts a valid set', () => {
    expect(findNestedSetProblems(valid)).toEqual([])
  })

  it('reports overlapping siblings', () => {
    const broken = valid.map((n) =>
      n.id === 2 ? { ...n, right_margin: 4 } : n.id === 3 ? { ...n, left_margin: 3 } : n,
    )
    expect(findNestedSetProblems(broken).join('\n')).toMatch(/margins are not exactly|overlaps/)
  })

  it('reports a child outside its parent and a wrong level', () => {
    const outside = valid.map((n) => (n.id === 1 ? { ...n, right_margin: 2, left_margin: 1 } : n))
    expect(findNestedSetProblems(outside).join('\n')).toMatch(/outside its parent/)
    const wrongLevel = valid.map((n) => (n.id === 3 ? { ...n, level: 3 } : n))
    expect(findNestedSetProblems(wrongLevel)).toEqual(['node 3: level 3 under level 1'])
  })
})
