// The product's name, shared by pages, the API's documents, e-mails and sharing cards.

export const SITE_NAME = 'Statistics publisher';
