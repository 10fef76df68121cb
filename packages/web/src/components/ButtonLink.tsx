import { Button, type ButtonProps } from 'antd'
import type { MouseEvent } from 'react'
import { useHref, useLinkClickHandler } from 'react-router'

type ButtonLinkProps = Omit<ButtonProps, 'href' | 'onClick'> & { to: string }

/** An antd button that is a real link (an <a href>) navigating inside the SPA. */
export function ButtonLink({ to, ...props }: ButtonLinkProps) {
  const href = useHref(to)
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to)
  return (
    <Button
      {...props}
      href={href}
      onClick={(event: MouseEvent<HTMLElement>) => handleClick(event as MouseEvent<HTMLAnchorElement>)}
    />
  )
}
