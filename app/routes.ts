// The route table of the specification, one line a route.
import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('routes/public/layout.tsx', [
    index('routes/public/home/home.tsx'),
    route('datasets', 'routes/public/datasets/datasets.tsx'),
    route('datasets/:id', 'routes/public/datasets/dataset.tsx'),
    route('about', 'routes/public/site/about.tsx'),
    route('contact', 'routes/public/site/contact.tsx'),
    route('pricing', 'routes/public/site/pricing.tsx'),
    route('terms', 'routes/public/site/terms.tsx'),
    route('privacy', 'routes/public/site/privacy.tsx'),
    route('researcher', 'routes/public/site/researcher.tsx'),
    route('collaboration', 'routes/public/site/collaboration.tsx'),
    route('api-developers', 'routes/public/developers/api-developers.tsx'),
    route('statistics-api', 'routes/public/developers/statistics-api.tsx'),
    route('trend-tracking', 'routes/public/site/trend-tracking.tsx'),
    route('content-writer-case-study', 'routes/public/site/content-writer-case-study.tsx'),
    route('api-docs', 'routes/public/developers/api-docs.tsx'),
    route('error', 'routes/public/errors/error.tsx'),
    route('api-endpoint-error', 'routes/public/errors/api-endpoint-error.tsx'),
    route('api-limit-exceeded', 'routes/public/errors/api-limit-exceeded.tsx'),
    route('accept-invite', 'routes/auth/accept-invite.tsx'),
    route('account-deleted', 'routes/auth/account-deleted.tsx'),
    route('statistics', 'routes/public/statistics/statistics.tsx'),
    route('statistics/:country', 'routes/public/statistics/place.tsx', { id: 'statistics-country' }),
    route('statistics/:country/categories', 'routes/public/statistics/categories.tsx'),
    route('statistics/:country/categories/:category', 'routes/public/statistics/category.tsx', {
      id: 'statistics-country-category',
    }),
    route('statistics/:country/:region', 'routes/public/statistics/place.tsx', { id: 'statistics-region' }),
    route('statistics/:country/:region/categories/:category', 'routes/public/statistics/category.tsx', {
      id: 'statistics-region-category',
    }),
    route('statistics/:country/:region/:subregion', 'routes/public/statistics/place.tsx', {
      id: 'statistics-subregion',
    }),
    route('statistics/:country/:region/:subregion/categories/:category', 'routes/public/statistics/category.tsx', {
      id: 'statistics-subregion-category',
    }),
    route('statistics/:country/:region/:subregion/:subsubregion', 'routes/public/statistics/place.tsx', {
      id: 'statistics-subsubregion',
    }),
    route('blog', 'routes/public/blog/blog.tsx'),
    route('blog/:slug', 'routes/public/blog/blog-post.tsx'),
    route('unsubscribe', 'routes/public/site/unsubscribe.tsx'),
    route('*', 'routes/public/errors/not-found.tsx'),
  ]),
  layout('routes/auth/layout.tsx', [
    route('auth', 'routes/auth/auth.tsx', [route('confirm', 'routes/auth/auth-confirm.tsx')]),
    route('confirm', 'routes/auth/confirm.tsx'),
    route('check-email', 'routes/auth/check-email.tsx'),
    route('reset-password', 'routes/auth/reset-password.tsx'),
    route('onboarding', 'routes/auth/onboarding.tsx'),
  ]),
  route('app', 'routes/app/layout.tsx', [
    index('routes/app/index.tsx'),
    route('dashboard', 'routes/app/dashboard.tsx'),
    route('chart', 'routes/app/chart.tsx'),
    route('settings', 'routes/app/settings.tsx'),
    route('notifications', 'routes/app/notifications.tsx'),
    route('chat', 'routes/app/chat.tsx'),
    route('admin/imports', 'routes/app/admin/imports.tsx'),
    route('statistics', 'routes/app/statistics.tsx', { id: 'app-statistics' }),
  ]),
  route('blog/feed.xml', 'routes/public/blog/feed.ts'),
] satisfies RouteConfig;
