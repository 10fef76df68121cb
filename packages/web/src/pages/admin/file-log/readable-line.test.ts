import { describe, expect, it } from 'vitest'
import { readableLine } from './readable-line'

describe('a log line as a person reads it', () => {
  it('shows a pino record as time, level, message, request, answer and the other fields', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 10, 23, 8, 5, 9, 42),
      pid: 1,
      hostname: 'vm',
      reqId: 'req-7',
      req: { method: 'GET', url: '/web-api/open/config' },
      res: { statusCode: 200 },
      responseTime: 12.345,
      msg: 'request completed',
    })
    expect(readableLine(line)).toEqual({
      level: 'info',
      text: '2026-11-23 08:05:09.042  INFO   request completed  GET /web-api/open/config  → 200  12.3 ms  reqId=req-7',
    })
    expect(
      readableLine('{"level":50,"msg":"boom","err":{"type":"TypeError","message":"x is undefined"}}'),
    ).toEqual({
      level: 'error',
      text: 'ERROR  boom  TypeError: x is undefined',
    })
  })

  it('leaves other lines as they are', () => {
    expect(readableLine('plain text')).toEqual({ text: 'plain text' })
    expect(readableLine('{"broken": ')).toEqual({ text: '{"broken": ' })
    expect(readableLine('{"level":"info"}')).toEqual({ text: '{"level":"info"}' })
  })
})
