import { ApartmentOutlined } from '@ant-design/icons'
import { useHeldRoutes } from '../../../app/permissions'
import { ButtonLink } from '../../../components/ButtonLink'
import ResourceListPage from '../../../components/resource/ResourceListPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { menuItemLabel, useMenuName } from '../../../i18n/menu-label'

/** Menu settings: the generic tree list, action items by their action, with a way to the drag page. */
export default function MenuList(props: ResourcePageProps) {
  const can = useHeldRoutes()
  const dragPage = useMenuName('/admin/menus/tree')
  return (
    <ResourceListPage
      {...props}
      cells={{
        name: (_, row) =>
          menuItemLabel({
            name: String(row.name),
            resource_id: Number(row.resource_id),
            item_name: String(row.item_name ?? ''),
          }),
      }}
      toolbar={
        can('/admin/menus/tree', 'GET') ? (
          <ButtonLink to="/admin/menus/tree" icon={<ApartmentOutlined />}>
            {dragPage}
          </ButtonLink>
        ) : undefined
      }
    />
  )
}
