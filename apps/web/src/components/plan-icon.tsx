import {
  Camera,
  Check,
  Clock,
  Crown,
  DollarSign,
  Download,
  Eye,
  Film,
  Globe,
  Headphones,
  House,
  Monitor,
  MonitorSpeaker,
  Package,
  Play,
  Settings,
  Shield,
  Smartphone,
  Star,
  Tv,
  Upload,
  Users,
  Wifi,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';
import type { PlanIcon as PlanIconName } from '@vitrine/domain/catalog';

// Only the icons a plan may name, so the bundle does not carry all of lucide.
const icons: Record<PlanIconName, LucideIcon> = {
  Tv,
  Play,
  Film,
  Users,
  Monitor,
  MonitorSpeaker,
  DollarSign,
  Star,
  Check,
  Eye,
  Camera,
  Wifi,
  Smartphone,
  Globe,
  Clock,
  Shield,
  Headphones,
  Settings,
  Download,
  Upload,
  Crown,
  Home: House,
  Package,
};

export function PlanIcon({ name, ...props }: { name: PlanIconName } & LucideProps) {
  const Icon = icons[name] ?? Package;
  return <Icon aria-hidden {...props} />;
}
