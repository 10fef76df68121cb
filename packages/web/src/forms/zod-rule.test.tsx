import { ZChangePasswordInput, ZLoginInput, ZRegisterInput } from '@brokerdesk/shared/auth'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button, Form, Input } from 'antd'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../api/http'
import { showServerErrors, useZodForm } from './use-zod-form'
import { firstIssue, issueMessage, lazySchema } from './zod-rule'

const message = (
  schema: Parameters<typeof firstIssue>[0],
  field: string,
  values: Record<string, unknown>,
) => {
  const issue = firstIssue(schema, field, values)
  return issue ? issueMessage(issue, field) : undefined
}

describe('firstIssue / issueMessage', () => {
  it('words only the first failure of a field, with the rule and its numbers', () => {
    expect(message(ZRegisterInput, 'uname', { uname: '' })).toBe('The uname field is required')
    expect(message(ZRegisterInput, 'uname', { uname: 'abc' })).toBe(
      'The uname field must be between 5 and 18',
    )
    expect(message(ZRegisterInput, 'uname', { uname: '1abcdef' })).toBe(
      'The uname field must start with a letter and contain only letters, numbers and underscores, and not only numbers',
    )
    expect(message(ZRegisterInput, 'uname', { uname: 'alice_01' })).toBeUndefined()
  })

  it('gives the max rule its {length}', () => {
    expect(message(ZLoginInput, 'username', { username: 'a'.repeat(101) })).toBe(
      'The username field may not be more than 100 characters',
    )
  })

  it('checks a confirmation against its field even while the rest of the form is empty', () => {
    const values = { password: 'secret-1', password_confirmation: 'secret-2' }
    expect(message(ZRegisterInput, 'password_confirmation', values)).toBe(
      'The password_confirmation field confirmation does not match',
    )
    expect(
      message(ZRegisterInput, 'password_confirmation', { ...values, password_confirmation: 'secret-1' }),
    ).toBeUndefined()
  })

  it('treats an emptied input as nothing entered', () => {
    expect(message(ZChangePasswordInput, 'password_confirmation', { password_confirmation: '' })).toBe(
      'The password_confirmation field is required',
    )
  })

  it('refuses an unticked agreement', () => {
    expect(message(ZRegisterInput, 'agreement', { agreement: false })).toBe('The agreement must be accepted')
    expect(message(ZRegisterInput, 'agreement', { agreement: true })).toBeUndefined()
  })
})

function PasswordForm({
  onFinish,
  schema = ZChangePasswordInput,
}: {
  onFinish?: (values: unknown) => void
  schema?: Parameters<typeof useZodForm>[0]
}) {
  const { form, field, formProps } = useZodForm(schema)
  return (
    <Form {...formProps} onFinish={onFinish}>
      <Form.Item label="New password" {...field('password', { label: 'New password' })}>
        <Input.Password />
      </Form.Item>
      <Form.Item label="Confirm" {...field('password_confirmation')}>
        <Input.Password />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
      <Button
        onClick={() =>
          showServerErrors(
            form,
            new HttpError(
              422,
              { message: 'x', code: 'validation', errors: { password: ['Too weak'] } },
              false,
            ),
          )
        }
      >
        Server
      </Button>
    </Form>
  )
}

describe('useZodForm in an antd form', () => {
  it('validates as the user types, with the label the form shows', async () => {
    const user = userEvent.setup()
    render(<PasswordForm />)
    const [password] = screen.getAllByLabelText(/password|confirm/i)
    await user.type(password, 'abc')
    expect(await screen.findByText('The New password field must be between 6 and 18')).toBeTruthy()
    await user.type(password, 'defg')
    await waitFor(() => expect(screen.queryByText(/must be between/)).toBeNull())
  })

  it('checks a touched confirmation again when the password changes', async () => {
    const user = userEvent.setup()
    render(<PasswordForm />)
    const [password, confirmation] = screen.getAllByLabelText(/password|confirm/i)
    await user.type(password, 'secret-1')
    await user.type(confirmation, 'secret-1')
    expect(screen.queryByText(/does not match/)).toBeNull()
    await user.type(password, 'x')
    expect(await screen.findByText(/confirmation does not match/)).toBeTruthy()
  })

  it('refuses to submit an empty form, and shows server messages under their fields', async () => {
    const user = userEvent.setup()
    let submitted = false
    render(<PasswordForm onFinish={() => (submitted = true)} />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The New password field is required')).toBeTruthy()
    expect(submitted).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Server' }))
    expect(await screen.findByText('Too weak')).toBeTruthy()
  })
})

describe('a lazy schema', () => {
  it('is loaded when the form gets the focus, and validates as the schema itself does', async () => {
    const user = userEvent.setup()
    let loads = 0
    const schema = lazySchema(async () => {
      loads++
      return ZChangePasswordInput
    })
    render(<PasswordForm schema={schema} />)
    expect(loads).toBe(0)
    const [password, confirmation] = screen.getAllByLabelText(/password|confirm/i)
    await user.click(password)
    expect(loads).toBe(1)
    await user.type(password, 'abc')
    expect(await screen.findByText('The New password field must be between 6 and 18')).toBeTruthy()
    await user.type(password, 'defg')
    await user.type(confirmation, 'secret-1')
    expect(await screen.findByText(/confirmation does not match/)).toBeTruthy()
    expect(loads).toBe(1)
  })

  it('leaves the verdict to the server when it cannot be loaded, and tries again next time', async () => {
    const user = userEvent.setup()
    let loads = 0
    const schema = lazySchema(async () => {
      loads++
      throw new Error('Failed to fetch dynamically imported module')
    })
    const finished: unknown[] = []
    render(<PasswordForm schema={schema} onFinish={(values) => finished.push(values)} />)
    const [password] = screen.getAllByLabelText(/password|confirm/i)
    await user.type(password, 'abc')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(finished).toHaveLength(1))
    expect(screen.queryByText(/must be between/)).toBeNull()
    expect(loads).toBeGreaterThan(1)
  })
})
