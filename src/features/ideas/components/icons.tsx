import { Icon, type IconProps } from '@/components/ui/icons';

export function StarIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Icon
      width="22"
      height="22"
      fill={filled ? 'currentColor' : 'none'}
      strokeWidth="1.8"
      strokeLinecap={undefined}
      {...props}
    >
      <path d="M12 2.8l2.8 5.7 6.3.9-4.55 4.44 1.07 6.26L12 17.14 6.38 20.1l1.07-6.26L2.9 9.4l6.3-.9z" />
    </Icon>
  );
}

export function ChevronIcon({ up = false, ...props }: IconProps & { up?: boolean }) {
  return (
    <Icon width="18" height="18" {...props}>
      <path d={up ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} />
    </Icon>
  );
}

export function ArrowIcon({ direction, ...props }: IconProps & { direction: 'left' | 'right' }) {
  return (
    <Icon {...props}>
      <path d={direction === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
    </Icon>
  );
}
