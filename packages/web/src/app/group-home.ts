/** The home of the route group the user is in. */
export function groupHome(pathname: string): string {
  const group = pathname.split('/')[1]
  return group === 'admin' || group === 'home' ? `/${group}/index` : '/open/index'
}
