import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-600 text-white shadow-lg shadow-brand-700/25 hover:bg-brand-500 active:bg-brand-700',
  secondary:
    'border border-zinc-700 bg-zinc-900/60 text-zinc-100 hover:border-zinc-500 hover:bg-zinc-800',
  ghost: 'text-zinc-300 hover:bg-zinc-800/60 hover:text-white',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2.5 text-sm',
  lg: 'px-6 py-3 text-base',
};

/** The classes of a button, for elements that must look like one (links, labels). */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}

type Look = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({
  variant,
  size,
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & Look) {
  return <button type={type} className={`${buttonClass(variant, size)} ${className}`} {...props} />;
}

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, className = '', ...props }: LinkProps & Look) {
  return <Link className={`${buttonClass(variant, size)} ${className}`} {...props} />;
}
