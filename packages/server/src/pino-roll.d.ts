// pino-roll ships no types: the one function the logger calls, returning its SonicBoom stream.
declare module 'pino-roll' {
  import type { SonicBoom } from 'sonic-boom'

  export default function pinoRoll(options: {
    file: string
    extension?: string
    frequency?: 'daily' | 'hourly' | number
    size?: string
    dateFormat?: string
    mkdir?: boolean
  }): Promise<SonicBoom>
}
