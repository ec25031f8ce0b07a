import { Stack, Text } from '@mantine/core';
import { splitCommaList } from '@pgel/shared/schemas/reference-admin';
import { GrowingTextarea } from '../../../components/growing-textarea';

type Noun = { one: string; many: string };

/** What the add modals' preview says for a text: "3 competencies will be added: A · B · C". */
export function commaListPreview(text: string, noun: Noun): string {
  const items = splitCommaList(text);
  if (items.length === 0) return 'Nothing to add yet.';
  return `${items.length} ${items.length === 1 ? noun.one : noun.many} will be added: ${items.join(' · ')}`;
}

type CommaListFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Singular and plural of what one item becomes, for the preview ("3 competencies will be added"). */
  noun: Noun;
};

/**
 * The text of the add modals (spec 03 section 5): split on commas, each item trimmed, one record
 * per item. The preview shows exactly what the server will create (same `splitCommaList`).
 */
export function CommaListField({ label, value, onChange, noun }: CommaListFieldProps) {
  const items = splitCommaList(value);
  return (
    <Stack gap={6}>
      <GrowingTextarea
        label={label}
        description="Separate several with commas"
        minRows={3}
        maxRows={8}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <Text
        size="sm"
        c={items.length > 0 ? 'gray.8' : 'dimmed'}
        aria-live="polite"
        style={{ overflowWrap: 'anywhere' }}
      >
        {commaListPreview(value, noun)}
      </Text>
    </Stack>
  );
}
