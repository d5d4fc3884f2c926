/**
 * A single value of the draft outside the grids (a fuel's calorific value, the CO2 property facts), edited like a
 * grid cell: the pre-check's messages at the field, a message link focuses it, and what the clerk types is read
 * German-first and stored in the MSC's form when the field is left (value-kinds).
 */
import { useEffect, useState } from 'react';
import { Checkbox, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useFormat } from '@renderer/lib/format';
import { getField, setField } from '@renderer/components/grid/draft-path';
import type { CellValue } from '@renderer/components/grid/draft-path';
import { cellKey } from '@renderer/features/editor/locations';
import { sectionRows } from '@renderer/features/editor/sections';
import { editText, kindOfField, storedOnLeave, toIso } from '@renderer/components/grid/value-kinds';
import { displayValue } from '@renderer/components/grid/cells/useDisplayValue';
import type { StepProps } from '@renderer/features/editor/steps/StepBody';

type Place = Pick<StepProps, 'model' | 'content'> & { section: string; field: string };

/** The field's current value, how to change it, its messages and whether a message link points at it. */
function useDraftPlace({ model, content, section, field }: Place) {
  const [params] = useSearchParams();
  const row = sectionRows(content, section)[0] ?? {};
  const messages = model.cellMessages.get(cellKey(section, 0, field)) ?? [];
  const write = (value: CellValue) => {
    model.onRows(section, [setField(row, field, value)], `0|${field}`);
  };
  const target = params.get('section') === section && params.get('field') === field;
  return { value: getField(row, field), write, messages, target };
}

/** Scrolls to and focuses the field once per message link that leads to it. */
function useJumpTarget(target: boolean, el: HTMLElement | null) {
  useEffect(() => {
    if (!target || el === null) return;
    el.scrollIntoView({ block: 'center' });
    el.focus();
  }, [target, el]);
}

type FieldProps = Place & {
  label: string;
  description?: string;
  /** The value as the contract takes it (ISO); otherwise `invalid` is shown at the field. */
  valid?: (stored: string) => boolean;
  invalid?: string;
  testId?: string;
};

export function DraftField(props: FieldProps) {
  const { label, description, valid, invalid, field, testId } = props;
  const fmt = useFormat();
  const kind = kindOfField(field);
  const place = useDraftPlace(props);
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  // While focused: the text being edited and whether the clerk has typed since focusing.
  const [edit, setEdit] = useState<{ text: string; typed: boolean } | null>(null);
  useJumpTarget(place.target, input);
  const value = typeof place.value === 'string' ? place.value : '';
  // Judged as it is sent; not while the clerk is typing, so `10,` on the way to `10,08` is no error yet.
  const sent = toIso(kind, value);
  const own = sent !== '' && valid !== undefined && !valid(sent) && edit?.typed !== true ? invalid : undefined;
  const error = [...place.messages.map((m) => m.text), ...(own === undefined ? [] : [own])].join(' · ');
  return (
    <TextInput
      ref={setInput}
      label={label}
      description={description}
      error={error === '' ? undefined : error}
      value={edit?.text ?? displayValue(fmt, kind, value)}
      classNames={{ input: 'editor-num editor-field-input' }}
      w={240}
      readOnly={props.model.readOnly}
      className={place.target ? 'editor-field editor-field-target' : 'editor-field'}
      data-testid={testId}
      onFocus={() => {
        setEdit({ text: editText(kind, value), typed: false });
      }}
      onChange={(e) => {
        setEdit({ text: e.currentTarget.value, typed: true });
        place.write(e.currentTarget.value);
      }}
      onBlur={() => {
        const stored = edit?.typed === true ? storedOnLeave(kind, edit.text) : undefined;
        if (stored !== undefined) place.write(stored);
        setEdit(null);
      }}
    />
  );
}

type FlagProps = Place & { label: string; description?: string; testId?: string };

export function DraftFlag(props: FlagProps) {
  const { label, description, testId } = props;
  const place = useDraftPlace(props);
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  useJumpTarget(place.target, input);
  const error = place.messages.map((m) => m.text).join(' · ');
  return (
    <Checkbox
      ref={setInput}
      label={label}
      description={description}
      error={error === '' ? undefined : error}
      checked={place.value === true}
      disabled={props.model.readOnly}
      className={place.target ? 'editor-field editor-field-target' : 'editor-field'}
      data-testid={testId}
      onChange={(e) => {
        place.write(e.currentTarget.checked);
      }}
    />
  );
}
