import { fireEvent, render, screen } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { RowDeleteButton } from './RowDeleteButton'

it('asks for confirmation at the first press, keeping the focus, and deletes once confirmed', async () => {
  const onConfirm = vi.fn()
  render(<RowDeleteButton label="Delete #7" title="Delete this record?" onConfirm={onConfirm} />)
  // Nothing of the confirmation is drawn before the button is pressed.
  expect(screen.queryByText('Delete this record?')).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: 'Delete #7' }))
  expect(await screen.findByText('Delete this record?')).toBeTruthy()
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete #7' }))
  expect(onConfirm).not.toHaveBeenCalled()
  fireEvent.click(screen.getByRole('button', { name: /OK/ }))
  expect(onConfirm).toHaveBeenCalledOnce()
})
