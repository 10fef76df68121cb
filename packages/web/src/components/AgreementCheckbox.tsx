import { Checkbox, type CheckboxProps } from 'antd'
import type { ReactNode } from 'react'
import { Trans } from 'react-i18next'

/** Where the user agreement (setting `user_agreement`) is shown. */
export const AGREEMENT_URL = '/open/markdown?key=user_agreement'

/**
 * "I have read and agree to the user agreement" (SPEC §5: registration requires it), the agreement a
 * link that opens it in a new tab, so the form keeps what was typed. Clicking the link does not
 * tick the box.
 */
export function AgreementCheckbox(props: CheckboxProps) {
  return (
    <Checkbox {...props}>
      <Trans i18nKey="auth.register.agreement" components={{ terms: <AgreementLink /> }} />
    </Checkbox>
  )
}

/** The agreement's words in the label (Trans hands them over as children). */
function AgreementLink({ children }: { children?: ReactNode }) {
  return (
    <a href={AGREEMENT_URL} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  )
}
