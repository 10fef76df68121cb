import { CheckCircleFilled, CloseCircleFilled, PlayCircleOutlined } from '@ant-design/icons'
import {
  COMMAND_PARAM_SCHEMAS,
  type CommandName,
  type CommandParam,
  type CommandResult,
} from '@brokerdesk/shared'
import { Alert, Button, Flex, Form, Input, InputNumber, Popconfirm, Radio, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { showServerErrors } from '../../../forms/use-zod-form'
import { type ObjectSchema, zodField } from '../../../forms/zod-rule'
import { notify } from '../../../state/notify'
import { runCommand, useConsole } from './developments-api'

function ParamInput({ param }: { param: CommandParam }) {
  if (param.input === 'password') return <Input.Password autoComplete="new-password" />
  if (param.input === 'number') return <InputNumber min={1} style={{ width: '100%' }} />
  return <Input autoComplete="off" />
}

/** What the last run printed: its status, how long it took, and its lines. */
function CommandOutput({ result }: { result: CommandResult }) {
  const { t } = useTranslation()
  return (
    <div className="bd-console-output" data-testid="command-output">
      <Flex gap={8} align="center" className="bd-console-output__head">
        {result.ok ? <CheckCircleFilled className="bd-ok" /> : <CloseCircleFilled className="bd-failed" />}
        <span>
          {t(result.ok ? 'developments.commands.done' : 'developments.commands.failed', {
            command: result.command,
            ms: result.duration_ms,
          })}
        </span>
      </Flex>
      <pre role="log">
        {result.output.length > 0 ? result.output.join('\n') : t('developments.commands.no_output')}
      </pre>
    </div>
  )
}

/** The commands of the allowlist: pick one, fill its parameters, run it, read its output. */
export function CommandsTab({ canRun }: { canRun: boolean }) {
  const { t } = useTranslation()
  const page = useConsole()
  const [form] = Form.useForm()
  const [name, setName] = useState<CommandName>('migrate')
  const [running, setRunning] = useState(false)
  const [result, setResult] = useState<CommandResult>()
  const commands = page.data?.commands ?? []
  const command = commands.find((candidate) => candidate.name === name)
  const schema = COMMAND_PARAM_SCHEMAS[name] as unknown as ObjectSchema

  const run = async () => {
    const values = await form.validateFields().catch(() => undefined)
    if (!values) return
    setRunning(true)
    try {
      const answer = await runCommand(name, values)
      setResult(answer)
      if (answer.ok) form.resetFields()
    } catch (error) {
      const rest = showServerErrors(form, error)
      if (rest.length > 0) notify('danger', rest.join(' '))
    } finally {
      setRunning(false)
    }
  }

  return (
    <Flex vertical gap={16}>
      {!canRun && <Alert type="warning" showIcon title={t('developments.local_only')} />}
      <Radio.Group
        optionType="button"
        value={name}
        onChange={(event) => {
          setName(event.target.value)
          form.resetFields()
        }}
        options={commands.map((candidate) => ({
          value: candidate.name,
          label: t(`developments.commands.${candidate.name}.title`),
        }))}
        className="bd-console-commands"
      />
      {command && (
        <Flex vertical gap={12} className="bd-console-command">
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            <Typography.Text code>{command.name}</Typography.Text>{' '}
            {t(`developments.commands.${command.name}.description`)}
          </Typography.Paragraph>
          <Form
            key={command.name}
            form={form}
            layout="vertical"
            disabled={!canRun}
            initialValues={Object.fromEntries(command.params.map((param) => [param.name, param.default]))}
            className="bd-console-form"
          >
            {command.params.map((param) => (
              <Form.Item
                key={param.name}
                {...zodField(schema, param.name)}
                label={t(`fields.${param.name}`)}
                required={param.required}
              >
                <ParamInput param={param} />
              </Form.Item>
            ))}
            <Popconfirm
              title={t('developments.commands.confirm', { command: command.name })}
              onConfirm={run}
              disabled={!canRun}
            >
              <Button type="primary" icon={<PlayCircleOutlined />} loading={running} disabled={!canRun}>
                {t('developments.commands.run')}
              </Button>
            </Popconfirm>
          </Form>
        </Flex>
      )}
      {result && <CommandOutput result={result} />}
    </Flex>
  )
}
