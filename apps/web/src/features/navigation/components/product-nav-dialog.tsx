import {
  BarChartOutlined,
  ExportOutlined,
  HolderOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FAVOURITE_PRODUCT_LIMIT_MESSAGE, FAVOURITE_PRODUCT_MAX, type MenuNode } from '@psy/contracts';
import { Button, Empty, Modal, Spin, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { readSession } from '../../../shared/session/session-store';
import { showToast } from '../../../shared/ui/feedback';
import { useProductMenu, type Product } from '../api/products';
import { useSaveUserProducts } from '../api/save-user-products';
import { useActiveProduct } from '../api/use-active-product';
import { PRODUCT_SWITCH_DELAY_MS, useSwitchProduct } from '../api/use-switch-product';
import { isFavourite, moveProduct, toggleFavourite, toUserProductItems } from '../lib/favourites';
import { createHoverIntent } from '../lib/hover-intent';
import { flattenMenu, visibleMenuTree } from '../lib/menu';
import { menuHref, opensNewWindow, useOpenMenu } from '../lib/open-menu';
import { readStoredProductId, saveProductId } from '../model/active-product';
import { DATA_VISUAL_PRODUCT_CODE, dataVisualJumpUrl, jumpOffer } from '../lib/product-jumps';
import { useUserInfo } from '../../auth';
import { MenuIcon } from './menu-icon';
import styles from './product-nav-dialog.module.css';

const DIALOG_WIDTH = 880;

/**
 * The product navigation dialog (spec S0.1.5): the navigable products on the left in the user's order,
 * each with a star (favourite, at most 7, spec S0.4.5, S0.5.16) and a handle to drag it elsewhere; the
 * menu of the product the pointer rests on (80 ms) or the keyboard focuses on the right; a menu entry
 * switches to its product and opens 800 ms later. Loaded on first open (it carries the drag-sorting code).
 */
export function ProductNavDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const nav = useActiveProduct();
  const userInfo = useUserInfo();
  const { save } = useSaveUserProducts();
  const switchProduct = useSwitchProduct();
  const openMenu = useOpenMenu();
  const [shownId, setShownId] = useState<number | null>(null);
  const [openingId, setOpeningId] = useState<number | null>(null);
  const [liveRegion, setLiveRegion] = useState<HTMLElement | null>(null);

  const hover = useRef(createHoverIntent<number>(setShownId)).current;
  useEffect(() => () => hover.cancel(), [hover]);
  // Each opening starts from the product in use.
  useEffect(() => {
    if (open) setShownId(null);
    else hover.cancel();
  }, [open, hover]);

  const products = nav.products;
  const shown = products.find((p) => p.id === shownId) ?? nav.active ?? products[0] ?? null;
  const dataVisual = nav.allProducts.find((p) => p.productCode === DATA_VISUAL_PRODUCT_CODE) ?? null;

  const onStar = (product: Product) => {
    const result = toggleFavourite(products, product.id);
    if (!result.ok) {
      showToast('warning', FAVOURITE_PRODUCT_LIMIT_MESSAGE[currentLanguage()]);
      return;
    }
    save(toUserProductItems(result.products));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    // Without a chosen product the first one is in use (spec S0.4.4): keep the one in use when the order
    // changes, rather than switching to whichever product comes first now.
    if (readStoredProductId() === null && nav.active) saveProductId(nav.active.id);
    save(toUserProductItems(moveProduct(products, Number(active.id), Number(over.id))));
  };

  const onOpenEntry = async (product: Product, entry: MenuNode) => {
    if (opensNewWindow(entry)) {
      // A new window must open within the click, not after a delay, or the browser blocks it.
      void openMenu(entry);
      onClose();
      return;
    }
    setOpeningId(entry.id);
    try {
      await switchProduct(product, entry, PRODUCT_SWITCH_DELAY_MS);
      onClose();
    } catch {
      // The menu could not be loaded; the request layer has said why, and the dialog stays open.
    } finally {
      setOpeningId(null);
    }
  };

  const session = readSession();
  const dataVisualUrl =
    dataVisual && session
      ? dataVisualJumpUrl(dataVisual.productRedirectUrl, {
          token: session.accessToken,
          tenantId: session.tenantId,
        })
      : null;
  // Without an address the link shows only to those who can set one (and says where).
  const dataVisualOffer = jumpOffer(dataVisualUrl, userInfo.data?.permissions);
  const onDataVisual = () => {
    if (!dataVisualUrl) {
      showToast('warning', t('productNav.dataVisualSetUrl', { name: dataVisual?.productName ?? '' }));
      return;
    }
    window.open(dataVisualUrl, '_blank', 'noopener,noreferrer');
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('productNav.title')}
      footer={null}
      width={DIALOG_WIDTH}
      className={styles.dialog}
    >
      <div className={styles.columns} ref={setLiveRegion}>
        <section className={styles.products} aria-labelledby="product-nav-products">
          <h3 id="product-nav-products" className={styles.heading}>
            {t('productNav.products')}
          </h3>
          <p className={styles.hint}>{t('productNav.hint', { max: FAVOURITE_PRODUCT_MAX })}</p>
          {nav.isLoading && products.length === 0 ? (
            <Spin />
          ) : (
            <SortableProducts
              products={products}
              shownId={shown?.id ?? null}
              activeId={nav.active?.id ?? null}
              liveRegion={liveRegion}
              onPointerEnter={hover.enter}
              onPointerLeave={hover.leave}
              onFocus={hover.focus}
              onStar={onStar}
              onDragEnd={onDragEnd}
            />
          )}
          {dataVisual && dataVisualOffer !== 'hide' && (
            <Button
              type="link"
              className={styles.external}
              icon={<BarChartOutlined aria-hidden />}
              onClick={onDataVisual}
            >
              {dataVisual.productName}
              <ExportOutlined aria-label={t('productNav.newWindow')} className={styles.externalMark} />
            </Button>
          )}
        </section>
        <section className={styles.menu} aria-labelledby="product-nav-menu" aria-busy={openingId !== null}>
          <h3 id="product-nav-menu" className={styles.heading}>
            {shown ? t('productNav.menuOf', { name: shown.productName }) : ''}
          </h3>
          {shown && (
            <ProductMenu
              product={shown}
              openingId={openingId}
              onOpen={(entry) => void onOpenEntry(shown, entry)}
            />
          )}
        </section>
      </div>
    </Modal>
  );
}

function SortableProducts({
  products,
  shownId,
  activeId,
  liveRegion,
  onPointerEnter,
  onPointerLeave,
  onFocus,
  onStar,
  onDragEnd,
}: {
  products: readonly Product[];
  shownId: number | null;
  activeId: number | null;
  liveRegion: HTMLElement | null;
  onPointerEnter: (id: number) => void;
  onPointerLeave: (id: number) => void;
  onFocus: (id: number) => void;
  onStar: (product: Product) => void;
  onDragEnd: (event: DragEndEvent) => void;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => products.map((p) => p.id), [products]);

  const nameOf = (id: UniqueIdentifier) => products.find((p) => p.id === Number(id))?.productName ?? '';
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  // The place last announced: being over its own place right after pick-up is not news, and announcing
  // it would replace 'picked up' before a screen reader reads it.
  const announcedOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announcedOver.current = active.id;
      return t('productNav.dnd.pickedUp', { name: nameOf(active.id) });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === announcedOver.current) return undefined;
      announcedOver.current = over.id;
      return t('productNav.dnd.movedOver', {
        name: nameOf(active.id),
        position: positionOf(over.id),
        total: ids.length,
      });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t('productNav.dnd.dropped', {
            name: nameOf(active.id),
            position: positionOf(over.id),
            total: ids.length,
          })
        : t('productNav.dnd.cancelled', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('productNav.dnd.cancelled', { name: nameOf(active.id) }),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('productNav.dnd.instructions') },
        // Inside the modal dialog: a live region outside it is hidden from assistive technology.
        container: liveRegion ?? undefined,
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className={styles.list} aria-label={t('productNav.products')}>
          {products.map((product) => (
            <SortableProduct
              key={product.id}
              product={product}
              isShown={product.id === shownId}
              isActive={product.id === activeId}
              onPointerEnter={onPointerEnter}
              onPointerLeave={onPointerLeave}
              onFocus={onFocus}
              onStar={onStar}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableProduct({
  product,
  isShown,
  isActive,
  onPointerEnter,
  onPointerLeave,
  onFocus,
  onStar,
}: {
  product: Product;
  isShown: boolean;
  isActive: boolean;
  onPointerEnter: (id: number) => void;
  onPointerLeave: (id: number) => void;
  onFocus: (id: number) => void;
  onStar: (product: Product) => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: product.id });
  const starred = isFavourite(product);
  const classes = [styles.row, isShown && styles.rowShown, isDragging && styles.rowDragging].filter(Boolean);

  return (
    <li
      ref={setNodeRef}
      className={classes.join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-product-id={product.id}
      data-product-name={product.productName}
      onMouseEnter={() => onPointerEnter(product.id)}
      onMouseLeave={() => onPointerLeave(product.id)}
      onFocus={() => onFocus(product.id)}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        {...attributes}
        {...listeners}
        aria-label={t('productNav.reorder', { name: product.productName })}
        title={t('productNav.reorder', { name: product.productName })}
      >
        <HolderOutlined aria-hidden />
      </button>
      <button
        type="button"
        className={styles.name}
        aria-current={isShown ? 'true' : undefined}
        onClick={() => onFocus(product.id)}
      >
        <MenuIcon name={product.icon} />
        <span>{product.productName}</span>
        {isActive && (
          <Tag className={styles.current} bordered={false} color="blue">
            {t('productNav.current')}
          </Tag>
        )}
      </button>
      <Button
        type="text"
        size="small"
        className={starred ? styles.starOn : styles.star}
        icon={starred ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}
        aria-pressed={starred}
        aria-label={t('productNav.favourite', { name: product.productName })}
        title={starred ? t('productNav.unstar') : t('productNav.star')}
        onClick={() => onStar(product)}
      />
    </li>
  );
}

/** The visible menu of a product: top-level entries, and each group with the pages under it. */
function ProductMenu({
  product,
  openingId,
  onOpen,
}: {
  product: Product;
  openingId: number | null;
  onOpen: (entry: MenuNode) => void;
}) {
  const { t } = useTranslation();
  const menu = useProductMenu(product);
  const tree = useMemo(() => visibleMenuTree(menu.data ?? []), [menu.data]);

  if (menu.isLoading) return <Spin className={styles.menuLoading} />;
  if (tree.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('productNav.noData')} />;

  const link = (entry: MenuNode) => (
    <li key={entry.id}>
      <MenuLink
        entry={entry}
        isOpening={openingId === entry.id}
        disabled={openingId !== null}
        onOpen={onOpen}
      />
    </li>
  );
  return (
    <div className={styles.menuBody}>
      {tree.map((node) =>
        node.children.length === 0 ? (
          node.path ? (
            <ul key={node.id} className={styles.entries}>
              {link(node)}
            </ul>
          ) : null
        ) : (
          <div key={node.id} className={styles.group}>
            <h4 className={styles.groupTitle}>{node.label}</h4>
            <ul className={styles.entries}>
              {flattenMenu(node.children)
                .filter((entry) => entry.children.length === 0 && entry.path)
                .map(link)}
            </ul>
          </div>
        ),
      )}
    </div>
  );
}

function MenuLink({
  entry,
  isOpening,
  disabled,
  onOpen,
}: {
  entry: MenuNode;
  isOpening: boolean;
  disabled: boolean;
  onOpen: (entry: MenuNode) => void;
}) {
  const { t } = useTranslation();
  const external = opensNewWindow(entry);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click keeps the browser's own meaning (new tab, new window).
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!disabled) onOpen(entry);
  };
  return (
    <a
      className={styles.entry}
      href={(external ? entry.path : menuHref(entry)) ?? undefined}
      target={external ? '_blank' : undefined}
      rel={external ? 'noopener noreferrer' : undefined}
      aria-disabled={disabled || undefined}
      onClick={onClick}
    >
      <MenuIcon name={entry.icon} />
      <span>{entry.label}</span>
      {external && <ExportOutlined aria-label={t('productNav.newWindow')} />}
      {isOpening && <Spin size="small" aria-label={t('productNav.opening')} />}
    </a>
  );
}
