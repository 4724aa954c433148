import { DownloadOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Endpoint } from '@psy/contracts';
import { Button, Card, Flex, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError, request } from '../../../shared/api/request';
import { queryOf, resolvePreviewSource, type PreviewSource } from '../lib/preview-url';
import styles from './pdf-preview.module.css';

type FileSource = Extract<PreviewSource, { kind: 'file' }>;

/** An API file as a local object URL: the call needs the signed, authorised request an <object> cannot make. */
function useApiFileUrl(source: FileSource | null) {
  const query = useQuery({
    queryKey: ['pdf-preview', source?.pathWithQuery ?? ''],
    enabled: source?.isApi === true,
    retry: false,
    gcTime: 0,
    queryFn: async ({ signal }) => {
      const endpoint: Endpoint = {
        method: 'GET',
        path: source!.pathWithQuery.split('?')[0]!,
        summary: 'file shown by /pdfPreview',
        response: null,
      };
      const blob = (await request(endpoint, {
        query: queryOf(source!.pathWithQuery),
        signal,
        hidePopup: true,
      })) as Blob;
      // Served as octet-stream, a PDF would be downloaded instead of shown.
      return URL.createObjectURL(
        blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
      );
    },
  });
  const url = query.data;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return query;
}

/**
 * `/pdfPreview?url=&name=` (spec S0.2.14 file preview): a PDF of this app's own origin in the browser's
 * built-in viewer, with a download link. Other origins are refused (lib/preview-url.ts says why).
 */
export function PdfPreviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const source = useMemo(
    () => resolvePreviewSource(params.get('url'), window.location.origin, params.get('name')),
    [params],
  );
  const file = source.kind === 'file' ? source : null;
  const apiFile = useApiFileUrl(file);

  if (source.kind === 'refused') {
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title={t('pdfPreview.refusedTitle')}
          subTitle={
            source.reason === 'otherOrigin'
              ? t('pdfPreview.otherOrigin')
              : source.reason === 'missing'
                ? t('pdfPreview.missing')
                : t('pdfPreview.invalid')
          }
        />
      </Card>
    );
  }

  const src = source.isApi ? apiFile.data : source.href;
  if (source.isApi && apiFile.isError) {
    return (
      <Card variant="borderless">
        <Result
          status="error"
          title={t('pdfPreview.loadFailed')}
          subTitle={isApiError(apiFile.error) ? apiFile.error.message : undefined}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void apiFile.refetch()}>
              {t('pdfPreview.retry')}
            </Button>
          }
        />
      </Card>
    );
  }

  return (
    <Card
      variant="borderless"
      className={styles.card}
      classNames={{ body: styles.body }}
      title={
        <h1 className={styles.title} title={source.fileName}>
          {source.fileName}
        </h1>
      }
      extra={
        src && (
          <Flex gap={8}>
            <Button icon={<DownloadOutlined />} href={src} download={source.fileName}>
              {t('pdfPreview.download')}
            </Button>
            <Button
              icon={<ExportOutlined />}
              href={src}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('pdfPreview.openNew')}
              title={t('pdfPreview.openNew')}
            />
          </Flex>
        )
      }
    >
      {!src ? (
        <div className={styles.loading}>
          <Spin />
        </div>
      ) : (
        <object data={src} type="application/pdf" className={styles.viewer} aria-label={source.fileName}>
          {/* Browsers without a built-in PDF viewer (most phones) show this instead. */}
          <Result
            status="info"
            title={t('pdfPreview.noViewer')}
            extra={
              <Button type="primary" icon={<DownloadOutlined />} href={src} download={source.fileName}>
                {t('pdfPreview.download')}
              </Button>
            }
          />
        </object>
      )}
    </Card>
  );
}
