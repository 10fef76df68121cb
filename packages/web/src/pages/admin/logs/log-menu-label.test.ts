import { beforeEach, describe, expect, it } from 'vitest'
import { applyLanguage } from '../../../i18n/language'
import zh from '../../../i18n/locales/zh-CN/front.json'
import { logMenuLabel } from './log-menu-label'

beforeEach(async () => {
  await applyLanguage('zh-CN', { persist: false })
})

describe('logMenuLabel', () => {
  it("names a resource's action by the translated resource and action, not the stored English name", () => {
    const label = logMenuLabel({
      menu_name: 'Create bank',
      menu_resource: 'Bank management',
      menu_action: 'create',
    })
    expect(label).toBe(`${zh.menu['Bank management']} · ${zh.options.menus.only.create}`)
  })

  it('translates other items by their name and shows a missing one as such', () => {
    expect(logMenuLabel({ menu_name: 'Submit login', menu_resource: '', menu_action: '' })).toBe(
      zh.menu['Submit login'],
    )
    expect(logMenuLabel({ menu_name: '', menu_resource: '', menu_action: '' })).toBe(
      zh.messages.missing_value,
    )
  })
})
