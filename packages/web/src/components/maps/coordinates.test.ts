import { describe, expect, it } from 'vitest'
import { bd09ToGcj02, gcj02ToBd09, pairOf } from './coordinates'

describe('map coordinates', () => {
  it('converts between GCJ-02 and Baidu BD-09 and back within a metre', () => {
    const gcj = { lng: 121.506377, lat: 31.245105 }
    const bd = gcj02ToBd09(gcj.lng, gcj.lat)
    expect(bd.lng - gcj.lng).toBeGreaterThan(0.005)
    expect(bd.lat - gcj.lat).toBeGreaterThan(0.005)
    const back = bd09ToGcj02(bd.lng, bd.lat)
    expect(Math.abs(back.lng - gcj.lng)).toBeLessThan(1e-5)
    expect(Math.abs(back.lat - gcj.lat)).toBeLessThan(1e-5)
  })

  it('takes a pair only when both are numbers in range', () => {
    expect(pairOf(116.4, 39.9)).toEqual({ lng: 116.4, lat: 39.9 })
    expect(pairOf('116.4', '39.9')).toEqual({ lng: 116.4, lat: 39.9 })
    for (const [lng, lat] of [
      [null, 39.9],
      [116.4, ''],
      [181, 0],
      [0, -91],
      ['x', 1],
    ])
      expect(pairOf(lng, lat)).toBeNull()
  })
})
