export interface SmsMessage {
  mobile: string
  content: string
}

/** Something that delivers a text message; it throws when the message was not accepted. */
export interface SmsProvider {
  readonly name: 'log' | 'http'
  deliver(message: SmsMessage): Promise<void>
}
