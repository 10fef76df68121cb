import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * antd's components that draw another only for props our pages never pass, and import it statically
 * all the same: the first list page loaded antd's Tree (table column filters in tree mode) and, with
 * every Dropdown, antd's Menu (breadcrumb items with a menu, the table's selection menu, column
 * filters), and the admin home antd's Tabs with rc-tabs' Menu and Dropdown (a Card's `tabList`),
 * though none is ever drawn. In these modules the import becomes a component loaded the
 * first time it is drawn (`src/app/lazy-part.tsx`: while it loads, its children — a dropdown's
 * trigger — stand in), so such a part still works if a page ever uses it. Keyed by the importing
 * module (a path under antd/es), each import statement as antd writes it.
 */
const LAZY_PARTS: Record<string, string[]> = {
  'breadcrumb/BreadcrumbItem.js': ["import Dropdown from '../dropdown/dropdown';"],
  'card/Card.js': ["import Tabs from '../tabs';"],
  'table/hooks/useSelection.js': ["import Dropdown from '../../dropdown';"],
  'table/hooks/useFilter/FilterDropdown.js': [
    "import Dropdown from '../../../dropdown';",
    "import Menu from '../../../menu';",
    "import Tree from '../../../tree';",
  ],
}

/**
 * Imports taken from the modules that define them rather than from an index that keeps more than
 * they need: the table's selection takes four helpers from rc-tree's index, whose `export default
 * Tree` kept the Tree in the list's chunk, which the lazy one then imported; antd's form context
 * takes only `FormProvider` from @rc-component/form's index, whose top-level assignments
 * (`RefForm.Field = Field`, …) kept the whole form library and its validator in every bundle with a
 * ConfigProvider (27 kB gzip on every first page), where it now loads with the first form.
 */
const FROM_DEFINING_MODULE: Record<string, [string, string][]> = {
  'form/context.js': [
    [
      "import { FormProvider as RcFormProvider } from '@rc-component/form';",
      "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
    ],
  ],
  'table/hooks/useSelection.js': [
    [
      "import { arrAdd, arrDel, conductCheck, convertDataToEntities } from '@rc-component/tree';",
      "import { arrAdd, arrDel } from '@rc-component/tree/es/util';\n" +
        "import { conductCheck } from '@rc-component/tree/es/utils/conductUtil';\n" +
        "import { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';",
    ],
  ],
}

/** The build fails if a statement is no longer there (a new antd release moved it). */
export function antdLazyParts(webRoot: string): Plugin {
  const helper = path.join(webRoot, 'src', 'app', 'lazy-part.tsx').split(path.sep).join('/')
  return {
    name: 'antd-lazy-parts',
    transform(code, id) {
      const match = /[\\/]node_modules[\\/]antd[\\/]es[\\/](.+)$/.exec(id)
      const module = match?.[1].split(path.sep).join('/') ?? ''
      const lazy = LAZY_PARTS[module] ?? []
      const moved = FROM_DEFINING_MODULE[module] ?? []
      if (lazy.length === 0 && moved.length === 0) return null
      let next = code
      for (const [from, to] of moved) {
        if (!next.includes(from)) throw new Error(`${id} no longer has: ${from}`)
        next = next.replace(from, to)
      }
      for (const statement of lazy) {
        const parts = /^import (\w+) from ('[^']+');$/.exec(statement)
        if (!parts || !next.includes(statement)) throw new Error(`${id} no longer has: ${statement}`)
        next = next.replace(statement, `const ${parts[1]} = __lazyPart(() => import(${parts[2]}));`)
      }
      return lazy.length > 0
        ? `import { lazyPart as __lazyPart } from ${JSON.stringify(helper)};\n${next}`
        : next
    },
  }
}
