import {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  CommentOutlined,
  EyeOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  MoonOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Icon names used by the menu and product catalogue; anything else gets a neutral icon. */
const ICONS: Record<string, ComponentType> = {
  consult: CommentOutlined,
  calendar: CalendarOutlined,
  alert: AlertOutlined,
  eye: EyeOutlined,
  interview: SolutionOutlined,
  activity: AppstoreOutlined,
  team: TeamOutlined,
  test: ExperimentOutlined,
  supervision: BookOutlined,
  sleep: MoonOutlined,
  chart: BarChartOutlined,
  training: BookOutlined,
  setting: SettingOutlined,
  user: UserOutlined,
};

export function MenuIcon({ name }: { name: string | null }) {
  const Icon = (name && ICONS[name]) || FileTextOutlined;
  return <Icon aria-hidden />;
}
