import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { type DragEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'

export interface SortableListProps<T> {
  items: readonly T[]
  keyOf: (item: T) => string
  /** What a row shows besides its handle and move buttons. */
  render: (item: T) => ReactNode
  /** The label a row's move buttons name. */
  labelOf: (item: T) => string
  onChange: (items: T[]) => void
  'aria-label': string
}

function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item)
  return next
}

/** A list ordered by dragging a row's handle onto another row, or with its up and down buttons. */
export function SortableList<T>({ items, keyOf, render, labelOf, onChange, ...rest }: SortableListProps<T>) {
  const { t } = useTranslation()
  const [dragged, setDragged] = useState<number>()
  const [over, setOver] = useState<number>()
  const drop = (index: number) => (event: DragEvent) => {
    event.preventDefault()
    if (dragged !== undefined && dragged !== index) onChange(move(items, dragged, index))
    setDragged(undefined)
    setOver(undefined)
  }
  return (
    <ul className="bd-sortable" aria-label={rest['aria-label']}>
      {items.map((item, index) => (
        <li
          key={keyOf(item)}
          data-key={keyOf(item)}
          className={`bd-sortable__row${over === index ? ' bd-sortable__row--over' : ''}${dragged === index ? ' bd-sortable__row--dragged' : ''}`}
          onDragOver={(event) => {
            event.preventDefault()
            setOver(index)
          }}
          onDragLeave={() => setOver((current) => (current === index ? undefined : current))}
          onDrop={drop(index)}
        >
          <button
            type="button"
            className="bd-sortable__handle"
            draggable
            tabIndex={-1}
            title={t('developments.layout.drag')}
            aria-label={t('developments.layout.drag')}
            onDragStart={(event) => {
              setDragged(index)
              event.dataTransfer.effectAllowed = 'move'
              event.dataTransfer.setData('text/plain', keyOf(item))
              const row = event.currentTarget.closest('li')
              if (row) event.dataTransfer.setDragImage(row, 12, 12)
            }}
            onDragEnd={() => {
              setDragged(undefined)
              setOver(undefined)
            }}
          >
            <HolderOutlined />
          </button>
          <div className="bd-sortable__content">{render(item)}</div>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            aria-label={t('developments.layout.move_up', { name: labelOf(item) })}
            onClick={() => onChange(move(items, index, index - 1))}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={index === items.length - 1}
            aria-label={t('developments.layout.move_down', { name: labelOf(item) })}
            onClick={() => onChange(move(items, index, index + 1))}
          />
        </li>
      ))}
    </ul>
  )
}
