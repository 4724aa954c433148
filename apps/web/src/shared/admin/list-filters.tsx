import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, Input, Row, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenClass } from '../ui/use-screen-class';
import styles from './admin.module.css';

/** A filter kept in the form (its value stays) while the phone layout folds it away. */
const HIDDEN = { display: 'none' } as const;
const GRID_CELL = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;

export interface FilterFormProps<V> {
  /** The form's name: field ids are `${name}_${field}`. */
  name: string;
  form?: FormInstance<V>;
  /** The filters (`Form.Item`s), in order. */
  fields: readonly ReactNode[];
  /** `grid`: up to four a row, phones show `foldAfter` of them until more are asked for (S0.9.8). */
  layout?: 'grid' | 'inline';
  foldAfter?: number;
  onSearch: (values: V) => void;
  /** Clears the filters and searches again (by default; false: no reset button). */
  hasReset?: boolean;
  /** More buttons after Search and Reset (a refresh). */
  buttons?: ReactNode;
  /** The form's accessible name. */
  label?: string;
}

/** The search form of a list: its filters, Search and Reset. */
export function FilterForm<V extends object>({
  name,
  form: given,
  fields,
  layout = 'grid',
  foldAfter = 2,
  onSearch,
  hasReset = true,
  buttons,
  label,
}: FilterFormProps<V>) {
  const { t } = useTranslation();
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  const isPhone = useScreenClass() === 0;
  const [hasAllFilters, setHasAllFilters] = useState(false);
  const canFold = layout === 'grid' && isPhone && fields.length > foldAfter;
  const isShown = (index: number) => !canFold || hasAllFilters || index < foldAfter;

  const actions = (
    <Flex gap={8} wrap>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
        {t('adminKit.search')}
      </Button>
      {hasReset && (
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            onSearch({} as V);
          }}
        >
          {t('adminKit.reset')}
        </Button>
      )}
      {buttons}
      {canFold && (
        <Button type="link" aria-expanded={hasAllFilters} onClick={() => setHasAllFilters((shown) => !shown)}>
          {hasAllFilters ? t('adminKit.fewerFilters') : t('adminKit.moreFilters')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Form<V>
      form={form}
      name={name}
      layout={layout === 'grid' ? 'vertical' : 'inline'}
      onFinish={onSearch}
      className={layout === 'grid' ? styles.filters : styles.inlineFilters}
      aria-label={label}
    >
      {layout === 'grid' ? (
        <>
          <Row gutter={16}>
            {fields.map((field, index) => (
              <Col key={index} {...GRID_CELL} style={isShown(index) ? undefined : HIDDEN}>
                {field}
              </Col>
            ))}
          </Row>
          {actions}
        </>
      ) : (
        <>
          {fields}
          {actions}
        </>
      )}
    </Form>
  );
}

/** One search box over a list (a name or code), sent with Enter or its button. */
export function SearchBox({
  placeholder,
  onSearch,
  className,
  hasButton = false,
}: {
  placeholder: string;
  onSearch: (text: string) => void;
  className?: string;
  /** A 'Search' button beside the box instead of the icon. */
  hasButton?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Input.Search
      allowClear
      className={className}
      maxLength={50}
      placeholder={placeholder}
      aria-label={placeholder}
      enterButton={hasButton ? t('adminKit.search') : undefined}
      onSearch={(value) => onSearch(value.trim())}
    />
  );
}
