FROM node:22-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ENV NODE_ENV=production PORT=2567 LOG_FORMAT=json
EXPOSE 2567
CMD ["npm", "start"]
