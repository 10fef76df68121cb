import { describe, expect, it } from 'vitest'
import { signJsapi } from './sign-jsapi'

describe('signJsapi', () => {
  it("signs WeChat's documented example to its documented signature", () => {
    const signature = signJsapi({
      ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      nonceStr: 'Wm3WZYTPz0wzccnW',
      timestamp: 1414587457,
      url: 'http://mp.weixin.qq.com?params=value',
    })
    expect(signature).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed')
  })

  it('leaves the #fragment of the page address out', () => {
    const base = { ticket: 't', nonceStr: 'n', timestamp: 1 }
    expect(signJsapi({ ...base, url: 'https://a.example/open/index#top' })).toBe(
      signJsapi({ ...base, url: 'https://a.example/open/index' }),
    )
  })
})
