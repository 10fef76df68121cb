import { createEvent, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../i18n/i18n'
import { SortableList } from './SortableList'

const ITEMS = ['id', 'name', 'type']

function renderList(onChange: (items: string[]) => void) {
  return render(
    <SortableList
      aria-label="columns"
      items={ITEMS}
      keyOf={(item) => item}
      labelOf={(item) => item}
      render={(item) => <span>{item}</span>}
      onChange={onChange}
    />,
  )
}

/** A drag event whose dataTransfer jsdom lacks. */
function dragEvent(kind: 'dragStart' | 'dragOver' | 'drop', target: Element) {
  const event = createEvent[kind](target)
  Object.defineProperty(event, 'dataTransfer', {
    value: { setData: () => undefined, setDragImage: () => undefined, effectAllowed: '' },
  })
  return event
}

describe('a sortable list', () => {
  it('moves a row with its up and down buttons, the ends being unable to go further', () => {
    const onChange = vi.fn()
    renderList(onChange)
    const up = (name: string) =>
      screen.getByRole('button', { name: i18n.t('developments.layout.move_up', { name }) })
    const down = (name: string) =>
      screen.getByRole('button', { name: i18n.t('developments.layout.move_down', { name }) })
    expect((up('id') as HTMLButtonElement).disabled).toBe(true)
    expect((down('type') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(down('id'))
    expect(onChange).toHaveBeenLastCalledWith(['name', 'id', 'type'])
    fireEvent.click(up('type'))
    expect(onChange).toHaveBeenLastCalledWith(['id', 'type', 'name'])
  })

  it('puts a row dragged by its handle at the place of the row it is dropped on', () => {
    const onChange = vi.fn()
    const { container } = renderList(onChange)
    const handle = container.querySelector('li[data-key="type"] .bd-sortable__handle') as Element
    const target = container.querySelector('li[data-key="id"]') as Element
    fireEvent(handle, dragEvent('dragStart', handle))
    fireEvent(target, dragEvent('dragOver', target))
    fireEvent(target, dragEvent('drop', target))
    expect(onChange).toHaveBeenCalledWith(['type', 'id', 'name'])
  })
})
