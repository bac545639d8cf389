// The route table of the specification, one line a route.
import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('routes/public/layout.tsx', [
    index('routes/public/home.tsx'),
    route('datasets', 'routes/public/datasets.tsx'),
    route('datasets/:id', 'routes/public/dataset.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
] satisfies RouteConfig;
