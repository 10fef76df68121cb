import type { MenuNode } from '@brokerdesk/shared'

interface Links {
  parent: Map<number, number>
  children: Map<number, number[]>
}

function linksOf(
  nodes: readonly MenuNode[],
  parentId = 0,
  links: Links = { parent: new Map(), children: new Map() },
) {
  for (const node of nodes) {
    if (parentId !== 0) links.parent.set(node.id, parentId)
    links.children.set(
      node.id,
      (node.childrens ?? []).map((child) => child.id),
    )
    linksOf(node.childrens ?? [], node.id, links)
  }
  return links
}

function descendantsOf(links: Links, id: number): number[] {
  return (links.children.get(id) ?? []).flatMap((child) => [child, ...descendantsOf(links, child)])
}

function ancestorsOf(links: Links, id: number): number[] {
  const trail: number[] = []
  for (let parent = links.parent.get(id); parent !== undefined; parent = links.parent.get(parent)) {
    trail.push(parent)
  }
  return trail
}

/**
 * Ticking or clearing one item of a permission tree. An item is reachable only through its
 * ancestors, so ticking it also ticks them, and ticks everything below it (a whole resource or
 * group at once); clearing it also clears everything below it. Its ancestors stay as they were.
 */
export function toggleMenuPermission(
  tree: readonly MenuNode[],
  checked: ReadonlySet<number>,
  id: number,
  on: boolean,
): Set<number> {
  const links = linksOf(tree)
  const next = new Set(checked)
  const below = descendantsOf(links, id)
  if (on) for (const item of [id, ...below, ...ancestorsOf(links, id)]) next.add(item)
  else for (const item of [id, ...below]) next.delete(item)
  return next
}

/** Every item id of a tree. */
export function allMenuIds(tree: readonly MenuNode[]): number[] {
  return tree.flatMap((node) => [node.id, ...allMenuIds(node.childrens ?? [])])
}
