import { ProjectNotFound } from '@/components/project/project-not-found';

export default function NotFound() {
  return <ProjectNotFound />;
}
