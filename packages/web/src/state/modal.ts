import type { ReactNode } from 'react'
import { createStore, useStore } from './create-store'

export interface ModalState {
  open: boolean
  title: ReactNode
  content: ReactNode
  /** Whether a cancel button is offered; prompts such as a forced logout have none. */
  showCancel: boolean
  closable: boolean
  onOk?: () => void
  onCancel?: () => void
}

const closed: ModalState = { open: false, title: '', content: '', showCancel: true, closable: true }

export const modalStore = createStore<ModalState>(closed)

export function showModal(modal: Partial<Omit<ModalState, 'open'>> & Pick<ModalState, 'content'>): void {
  modalStore.set({ ...closed, ...modal, open: true })
}

export function closeModal(): void {
  modalStore.set((state) => ({ ...state, open: false }))
}

export function useModal(): ModalState {
  return useStore(modalStore)
}
