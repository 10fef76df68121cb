/** What the palette (CommandPalette.tsx, a chunk of its own) is given by the header's trigger. */
export interface CommandPaletteProps {
  onClose: () => void
}
