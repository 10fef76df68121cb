import { describeTheme } from './support/a11y'

/** Accessibility in the dark theme (support/a11y). */
describeTheme('dark')
