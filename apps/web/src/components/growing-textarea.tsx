import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './growing-textarea.module.css';

type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'rows' | 'style'> & {
  minRows?: number;
  maxRows?: number;
};

/** A textarea that grows with its text from `minRows` to `maxRows`, then scrolls. */
export function GrowingTextarea({ minRows = 2, maxRows = 8, ...props }: GrowingTextareaProps) {
  const rows = { '--growing-min-rows': minRows, '--growing-max-rows': maxRows } as CSSProperties;
  return <Textarea {...props} rows={minRows} classNames={{ input: classes.input }} style={rows} />;
}
