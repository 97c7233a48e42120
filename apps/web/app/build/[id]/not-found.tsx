import { ProjectNotFound } from '@/features/workspace';

export default function NotFound() {
  return <ProjectNotFound />;
}
