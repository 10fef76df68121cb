import { DatabaseOutlined } from '@ant-design/icons'
import type { DemoDataAdded, DemoDataOffer as TDemoDataOffer } from '@brokerdesk/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Flex } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { http } from '../../../api/http'
import { notify } from '../../../state/notify'

const DEMO_DATA_URL = '/admin/index/demo-data'

/**
 * On the home of an empty catalogue (no insurance companies, no products), the offer to add the
 * demo set, saying what it adds. Shown only to who holds the demo-data item (the super administrator).
 */
export function DemoDataOffer() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [adding, setAdding] = useState(false)
  const offer = useQuery({
    queryKey: ['dashboard', 'demo-data'],
    queryFn: () => http.get<TDemoDataOffer>(DEMO_DATA_URL),
  })
  if (!offer.data?.offered) return null

  const add = async () => {
    setAdding(true)
    try {
      const added = await http.post<DemoDataAdded>(DEMO_DATA_URL, {})
      notify('success', t('admin.demo_data.added', { firms: added.firms, products: added.products }))
      await queryClient.invalidateQueries({ queryKey: ['resource'] })
    } catch {
      // The client has told the refusal (already filled, not in production); the offer is asked again.
    } finally {
      setAdding(false)
      await offer.refetch()
    }
  }

  return (
    <Card className="bd-demo-offer" variant="borderless">
      <Flex gap={16} align="center" wrap justify="space-between">
        <div>
          <h2 className="bd-page__section-title">{t('admin.demo_data.title')}</h2>
          <p className="bd-welcome__text">
            {t('admin.demo_data.text', { firms: offer.data.firms, products: offer.data.products })}
          </p>
        </div>
        <Button type="primary" icon={<DatabaseOutlined />} loading={adding} onClick={add}>
          {t('admin.demo_data.button')}
        </Button>
      </Flex>
    </Card>
  )
}
