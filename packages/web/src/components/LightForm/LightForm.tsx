import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons'
import { type InputHTMLAttributes, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import './light-form.css'

/**
 * Plain form controls drawn like antd's large vertical form, for the one first page that must load
 * without antd's Form and Input (about 50 kB gzip): the login form. Every other form uses antd's.
 */

interface LightFieldProps {
  /** The control's id; its message gets `<id>_error`, its help `<id>_extra`. */
  id: string
  label: ReactNode
  error?: string
  extra?: ReactNode
  /** The control is not an input (e.g. the slider captcha): the label is the legend of a fieldset. */
  group?: boolean
  children: ReactNode
}

/** A labelled control with its message under it. */
export function LightField({ id, label, error, extra, group = false, children }: LightFieldProps) {
  const className = error ? 'bd-light-field bd-light-field--error' : 'bd-light-field'
  const message = error && (
    <div id={`${id}_error`} className="bd-light-field__error" role="alert">
      {error}
    </div>
  )
  const help = extra && (
    <div id={`${id}_extra`} className="bd-light-field__extra">
      {extra}
    </div>
  )
  if (group) {
    return (
      <fieldset className={`${className} bd-light-field--group`}>
        <legend className="bd-light-field__label">{label}</legend>
        {children}
        {message}
        {help}
      </fieldset>
    )
  }
  return (
    <div className={className}>
      <label className="bd-light-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {message}
      {help}
    </div>
  )
}

interface LightInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'size'> {
  id: string
  /** An icon before the text. */
  prefix?: ReactNode
  /** After the text, e.g. the password's show/hide button. */
  suffix?: ReactNode
  /** The field has a message: the border turns red and the input is described by the message. */
  invalid?: boolean
}

/** A large text input with an optional icon before it. */
export function LightInput({ prefix, suffix, invalid = false, className, ...input }: LightInputProps) {
  return (
    <span className={invalid ? 'bd-light-input bd-light-input--error' : 'bd-light-input'}>
      {prefix && (
        <span className="bd-light-input__prefix" aria-hidden="true">
          {prefix}
        </span>
      )}
      <input
        {...input}
        className={className ? `bd-light-input__control ${className}` : 'bd-light-input__control'}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${input.id}_error` : undefined}
      />
      {suffix}
    </span>
  )
}

/** A password input with a button that shows and hides what was typed. */
export function LightPassword(props: Omit<LightInputProps, 'type' | 'suffix'>) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  return (
    <LightInput
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="bd-light-input__toggle"
          aria-label={t('auth.login.show_password')}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      }
    />
  )
}

interface LightCheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  children: ReactNode
}

/** A checkbox with its text. */
export function LightCheckbox({ children, ...input }: LightCheckboxProps) {
  return (
    <label className="bd-light-check">
      <input {...input} type="checkbox" />
      <span>{children}</span>
    </label>
  )
}
