import {
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { linkHref } from '../lib/notice-form';
import styles from './notice-admin.module.css';

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList';

export interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  'aria-label': string;
  'aria-invalid'?: boolean;
}

/**
 * A light rich-text field for notices: an editable area with bold, italic, lists and links, written with
 * the browser's own editing commands (no editor library). What it produces is only a suggestion: the
 * server keeps an allowlist of tags and attributes and removes everything else
 * (docs/messages-and-notices.md "Notices: sanitising").
 */
export function RichTextEditor({
  id,
  value = '',
  onChange,
  'aria-label': ariaLabel,
  'aria-invalid': ariaInvalid,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  // Inside a Form.Item, its validation status marks the field (the area is not an antd input).
  const { status } = Form.Item.useStatus();
  const isInvalid = ariaInvalid ?? status === 'error';
  const area = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<ReadonlySet<Command>>(new Set());
  const [isLinkOpen, setLinkOpen] = useState(false);
  const [linkInput, setLinkInput] = useState('');
  const [linkError, setLinkError] = useState(false);

  // The form owns the value; the area is written only when they differ (a reset), never while typing.
  useEffect(() => {
    const el = area.current;
    if (el && el.innerHTML !== value) el.innerHTML = value;
  }, [value]);

  const emit = () => {
    const el = area.current;
    if (el) onChange?.(el.innerHTML);
  };

  const refreshActive = () => {
    const el = area.current;
    const selection = document.getSelection();
    if (!el || !selection?.anchorNode || !el.contains(selection.anchorNode)) return;
    const commands: Command[] = ['bold', 'italic', 'insertUnorderedList', 'insertOrderedList'];
    setActive(new Set(commands.filter((c) => document.queryCommandState(c))));
  };

  useEffect(() => {
    document.addEventListener('selectionchange', refreshActive);
    return () => document.removeEventListener('selectionchange', refreshActive);
  }, []);

  const run = (command: Command | 'unlink') => {
    area.current?.focus();
    document.execCommand(command);
    emit();
    refreshActive();
  };

  const openLink = () => {
    const selection = document.getSelection();
    const el = area.current;
    const range =
      selection && selection.rangeCount > 0 && el?.contains(selection.getRangeAt(0).commonAncestorContainer)
        ? selection.getRangeAt(0).cloneRange()
        : null;
    savedRange.current = range;
    setLinkInput('');
    setLinkError(false);
    setLinkOpen(true);
  };

  const insertLink = () => {
    const href = linkHref(linkInput);
    if (!href) {
      setLinkError(true);
      return;
    }
    const el = area.current;
    if (!el) return;
    el.focus();
    const selection = document.getSelection();
    const range = savedRange.current;
    if (selection && range) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
    if (range && !range.collapsed) {
      document.execCommand('createLink', false, href);
    } else {
      const a = document.createElement('a');
      a.href = href;
      a.textContent = linkInput.trim();
      if (selection && range) {
        range.insertNode(a);
        range.setStartAfter(a);
        selection.removeAllRanges();
        selection.addRange(range);
      } else {
        el.append(a);
      }
    }
    setLinkOpen(false);
    emit();
  };

  const tool = (label: string, icon: ReactNode, onClick: () => void, pressed?: boolean) => (
    <Tooltip title={label}>
      <Button
        type={pressed ? 'primary' : 'text'}
        ghost={pressed}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        // Keep the selection in the editable area when a button is pressed.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );

  return (
    <div className={isInvalid ? `${styles.editor} ${styles.editorInvalid}` : styles.editor}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('noticeAdmin.toolbar')}>
        {tool(t('noticeAdmin.bold'), <BoldOutlined />, () => run('bold'), active.has('bold'))}
        {tool(t('noticeAdmin.italic'), <ItalicOutlined />, () => run('italic'), active.has('italic'))}
        {tool(
          t('noticeAdmin.bulletList'),
          <UnorderedListOutlined />,
          () => run('insertUnorderedList'),
          active.has('insertUnorderedList'),
        )}
        {tool(
          t('noticeAdmin.numberedList'),
          <OrderedListOutlined />,
          () => run('insertOrderedList'),
          active.has('insertOrderedList'),
        )}
        {tool(t('noticeAdmin.link'), <LinkOutlined />, openLink)}
        {tool(t('noticeAdmin.unlink'), <DisconnectOutlined />, () => run('unlink'))}
      </div>
      <div
        id={id}
        ref={area}
        className={styles.area}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={ariaLabel}
        aria-invalid={isInvalid}
        tabIndex={0}
        data-testid="notice-editor"
        onInput={emit}
        onBlur={emit}
        onKeyUp={refreshActive}
        onMouseUp={refreshActive}
      />
      <Modal
        open={isLinkOpen}
        title={t('noticeAdmin.linkTitle')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onOk={insertLink}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <label htmlFor="notice-link-input" className={styles.linkLabel}>
          {t('noticeAdmin.linkAddress')}
        </label>
        <Input
          id="notice-link-input"
          autoFocus
          value={linkInput}
          status={linkError ? 'error' : undefined}
          placeholder="https://"
          onChange={(event) => {
            setLinkInput(event.target.value);
            setLinkError(false);
          }}
          onPressEnter={insertLink}
        />
        {linkError && (
          <div className={styles.linkError} role="alert">
            {t('noticeAdmin.linkInvalid')}
          </div>
        )}
      </Modal>
    </div>
  );
}
