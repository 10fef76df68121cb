import { describe, expect, it } from 'vitest'
import { locateIp, UNKNOWN_LOCATION } from './locate-ip'

describe('locateIp', () => {
  it('names the place of a public address, Chinese and foreign, IPv4 and IPv6', () => {
    expect(locateIp('114.114.114.114')).toBe('中国 江苏 南京')
    expect(locateIp('58.246.0.1')).toBe('中国 上海')
    expect(locateIp('8.8.8.8')).toMatch(/^美国 /)
    expect(locateIp('2400:3200::1')).toMatch(/^中国 /)
    expect(locateIp('::ffff:114.114.114.114')).toBe('中国 江苏 南京')
  })

  it("answers '--' for private, reserved and unknown addresses and for what is not an address", () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '100.64.0.1', '169.254.1.1']) {
      expect(locateIp(ip), ip).toBe(UNKNOWN_LOCATION)
    }
    for (const ip of ['::1', 'fe80::1', 'fd12:3456::1', '2001:db8::1', '0.0.0.0', '255.255.255.255']) {
      expect(locateIp(ip), ip).toBe(UNKNOWN_LOCATION)
    }
    for (const ip of ['', 'unknown', '999.1.1.1', '1.2.3']) expect(locateIp(ip), ip).toBe(UNKNOWN_LOCATION)
  })

  it('takes a few microseconds a lookup once the database is open', () => {
    locateIp('1.1.1.1')
    const started = performance.now()
    for (let i = 0; i < 10_000; i++) locateIp(`${(i % 223) + 1}.${i % 256}.${(i >> 8) % 256}.1`)
    const perLookupMs = (performance.now() - started) / 10_000
    expect(perLookupMs).toBeLessThan(0.1)
  })
})
