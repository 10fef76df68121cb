import { createStore, useStore } from '../../state/create-store'

/** The chat-app bridge (SPEC §4): 0 pending, 1 ready, -1 failed. */
export const BRIDGE = { pending: 0, ready: 1, failed: -1 } as const
export type BridgeState = (typeof BRIDGE)[keyof typeof BRIDGE]

/** What a bridge call came to; WeChat's "access denied" reads as "permission denied". */
export type BridgeResult = 'ok' | 'cancel' | 'fail' | 'permission denied'

export interface Bridge {
  state: BridgeState
  /** The result of the last call, null before any. */
  result: BridgeResult | null
  /** WeChat's own words for the last failure. */
  message: string
}

export const bridgeStore = createStore<Bridge>({ state: BRIDGE.pending, result: null, message: '' })

/** Reads a WeChat `errMsg` such as `updateAppMessageShareData:ok` or `config:fail, access denied`. */
export function bridgeResultOf(errMsg: string | undefined): BridgeResult {
  const text = errMsg ?? ''
  if (/access[\s_]?denied/i.test(text)) return 'permission denied'
  if (/:ok$/i.test(text) || text === 'ok') return 'ok'
  if (/:cancel$/i.test(text) || text === 'cancel') return 'cancel'
  return 'fail'
}

/** A new configuration was asked for: the bridge waits for WeChat's answer. */
export function bridgePending(): void {
  bridgeStore.set((bridge) => ({ ...bridge, state: BRIDGE.pending }))
}

/** WeChat accepted the configuration (`wx.ready`). */
export function bridgeReady(): void {
  bridgeStore.set((bridge) => ({ ...bridge, state: BRIDGE.ready }))
}

/** The configuration failed (`wx.error`, or the signature could not be had). */
export function bridgeFailed(errMsg: string): void {
  bridgeStore.set({ state: BRIDGE.failed, result: bridgeResultOf(errMsg), message: errMsg })
}

/** A call through a ready bridge answered (a share's success, cancel or fail). */
export function recordBridgeResult(errMsg: string): void {
  bridgeStore.set((bridge) => ({ ...bridge, result: bridgeResultOf(errMsg), message: errMsg }))
}

export function useBridge(): Bridge {
  return useStore(bridgeStore)
}
